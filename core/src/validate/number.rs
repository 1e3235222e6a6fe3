//! Exact numbers for validation: every comparison, integer test and
//! `multipleOf` is decided on the decimal value as written, never through
//! `f64` (`decisions.md` §3).
//!
//! A number with at most 19 significant digits and an ordinary exponent is
//! held as `mantissa × 10^exponent` in machine words and compared with a few
//! integer operations; anything longer is a [`Decimal`] of its digits, and
//! `multipleOf` on those runs on a small big-integer type whose work is
//! charged to the call's work budget.

use crate::json::Decimal;
use std::cmp::Ordering;

/// An exact decimal number.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Num {
    /// `mantissa × 10^exponent`, with no trailing zeros in the mantissa
    /// (zero is `0 × 10^0`, never negative).
    Small { negative: bool, mantissa: u64, exponent: i32 },
    /// Any other number.
    Big(Decimal),
}

/// A number of at most 19 digits as written, without an exponent:
/// `mantissa × 10^exponent`, not normalised (`2.50` is 250 × 10^-2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Dec {
    pub negative: bool,
    pub mantissa: u64,
    pub exponent: i32,
}

/// Powers of ten up to 10^19.
const POW10: [u128; 20] = {
    let mut t = [1u128; 20];
    let mut i = 1;
    while i < 20 {
        t[i] = t[i - 1] * 10;
        i += 1;
    }
    t
};

/// The largest mantissa that times 10^d fits a `u64`, for each `d` of `POW10`.
const FITS: [u64; 20] = {
    let mut t = [0u64; 20];
    let mut i = 0;
    while i < 20 {
        t[i] = (u64::MAX as u128 / POW10[i]) as u64;
        i += 1;
    }
    t
};

impl Dec {
    /// Exact comparison, when the exponents are close enough for machine
    /// words (`None` otherwise).
    #[inline]
    pub(crate) fn compare(&self, other: &Dec) -> Option<Ordering> {
        let sign = |d: &Dec| i8::from(d.mantissa != 0) * if d.negative { -1 } else { 1 };
        let (sa, sb) = (sign(self), sign(other));
        if sa != sb || sa == 0 {
            return Some(sa.cmp(&sb));
        }
        let magnitude = if self.exponent == other.exponent {
            self.mantissa.cmp(&other.mantissa)
        } else {
            let low = self.exponent.min(other.exponent);
            let (da, db) = ((self.exponent - low) as usize, (other.exponent - low) as usize);
            if da >= POW10.len() || db >= POW10.len() {
                return None;
            }
            // One side is scaled (the other's distance is 0): in one word
            // when the product fits, which spares WebAssembly a call for a
            // 128-bit product.
            let (a, b) = (self.mantissa, other.mantissa);
            if da == 0 && b <= FITS[db] {
                a.cmp(&(b * POW10[db] as u64))
            } else if db == 0 && a <= FITS[da] {
                (a * POW10[da] as u64).cmp(&b)
            } else {
                wide_order(a, da, b, db)
            }
        };
        Some(if self.negative { magnitude.reverse() } else { magnitude })
    }
}

/// `a × 10^da` against `b × 10^db` in 128 bits. Out of line: in
/// WebAssembly the 128-bit products go through memory (`__multi3` returns
/// its result there), and the frame that takes would be set up on every
/// comparison of its caller.
#[cold]
#[inline(never)]
fn wide_order(a: u64, da: usize, b: u64, db: usize) -> Ordering {
    (u128::from(a) * POW10[da]).cmp(&(u128::from(b) * POW10[db]))
}

/// Exponents past this keep a number a `Decimal` (scaling by them stays far
/// from overflow).
const SMALL_EXPONENT: i64 = 1 << 28;

impl Num {
    /// The number a JSON number text stands for (`text` is valid JSON number syntax).
    pub(crate) fn parse(text: &str) -> Num {
        let b = text.as_bytes();
        let mut i = 0;
        let negative = b.first() == Some(&b'-');
        if negative {
            i = 1;
        }
        let mut mantissa: u64 = 0;
        let mut significant = 0u32;
        // Zeros seen after the last non-zero digit, not yet multiplied in.
        let mut zeros = 0u32;
        let mut exponent: i64 = 0;
        let mut fraction = false;
        while i < b.len() {
            let c = b[i];
            match c {
                b'0'..=b'9' => {
                    if fraction {
                        exponent -= 1;
                    }
                    if c == b'0' {
                        if significant > 0 {
                            zeros += 1;
                        }
                    } else {
                        significant += zeros + 1;
                        if significant > 19 {
                            return Num::Big(Decimal::from_json(text));
                        }
                        for _ in 0..zeros {
                            mantissa *= 10;
                        }
                        mantissa = mantissa * 10 + u64::from(c - b'0');
                        zeros = 0;
                    }
                }
                b'.' => fraction = true,
                _ => break,
            }
            i += 1;
        }
        if i < b.len() {
            // The exponent part.
            i += 1;
            let sign = match b.get(i) {
                Some(b'-') => {
                    i += 1;
                    -1
                }
                Some(b'+') => {
                    i += 1;
                    1
                }
                _ => 1,
            };
            let mut e: i64 = 0;
            for &d in &b[i..] {
                e = e * 10 + i64::from(d - b'0');
                if e > SMALL_EXPONENT {
                    return Num::Big(Decimal::from_json(text));
                }
            }
            exponent += sign * e;
        }
        if mantissa == 0 {
            return Num::Small { negative: false, mantissa: 0, exponent: 0 };
        }
        exponent += i64::from(zeros);
        if exponent.abs() > SMALL_EXPONENT {
            return Num::Big(Decimal::from_json(text));
        }
        Num::Small { negative, mantissa, exponent: exponent as i32 }
    }

    /// The greatest integer at most the number and the least at least it,
    /// when the number is in machine words and they fit an `i128`.
    pub(crate) fn floor_ceil(&self) -> Option<(i128, i128)> {
        let Num::Small { negative, mantissa, exponent } = *self else { return None };
        let m = i128::from(mantissa);
        let (whole, exact) = if exponent >= 0 {
            (m.checked_mul(10i128.checked_pow(exponent as u32)?)?, true)
        } else if -exponent > 38 {
            (0, mantissa == 0)
        } else {
            let d = 10i128.pow((-exponent) as u32);
            (m / d, m % d == 0)
        };
        // Of the magnitude: floor and ceiling.
        let (lo, hi) = if exact { (whole, whole) } else { (whole, whole + 1) };
        Some(if negative { (-hi, -lo) } else { (lo, hi) })
    }

    pub(crate) fn is_integer(&self) -> bool {
        match self {
            Num::Small { exponent, .. } => *exponent >= 0,
            Num::Big(d) => d.is_integer(),
        }
    }

    pub(crate) fn is_zero(&self) -> bool {
        matches!(self, Num::Small { mantissa: 0, .. }) || matches!(self, Num::Big(d) if d.is_zero())
    }

    fn to_decimal(&self) -> Decimal {
        match self {
            Num::Big(d) => d.clone(),
            Num::Small { negative, mantissa, exponent } => {
                if *mantissa == 0 {
                    return Decimal { negative: false, digits: Vec::new(), exponent: 0 };
                }
                let digits = mantissa.to_string().bytes().map(|c| c - b'0').collect();
                Decimal { negative: *negative, digits, exponent: i64::from(*exponent) }
            }
        }
    }

    /// Exact comparison.
    pub(crate) fn compare(&self, other: &Num) -> Ordering {
        match (self, other) {
            (
                Num::Small { negative: na, mantissa: ma, exponent: ea },
                Num::Small { negative: nb, mantissa: mb, exponent: eb },
            ) => {
                let sign = |n: bool, m: u64| {
                    if m == 0 {
                        0
                    } else if n {
                        -1
                    } else {
                        1
                    }
                };
                let (sa, sb) = (sign(*na, *ma), sign(*nb, *mb));
                if sa != sb || sa == 0 {
                    return sa.cmp(&sb);
                }
                let magnitude = magnitude_cmp(*ma, *ea, *mb, *eb);
                if *na { magnitude.reverse() } else { magnitude }
            }
            _ => self.to_decimal().cmp(&other.to_decimal()),
        }
    }

    /// Whether `self` is an integer multiple of `divisor` (which is greater
    /// than zero). `None` when deciding it would take more than `work`
    /// allows (big-number steps are taken from it).
    pub(crate) fn is_multiple_of(&self, divisor: &Num, work: &mut u64) -> Option<bool> {
        if self.is_zero() {
            return Some(true);
        }
        if let (Num::Small { mantissa: m1, exponent: e1, .. }, Num::Small { mantissa: m2, exponent: e2, .. }) =
            (self, divisor)
        {
            let (m1, m2) = (u128::from(*m1), u128::from(*m2));
            let t = i64::from(*e1) - i64::from(*e2);
            return Some(if t >= 0 {
                // m2 divides m1 × 10^t.
                ((m1 % m2) * pow_mod(10, t as u64, m2)).is_multiple_of(m2)
            } else {
                // m2 × 10^-t divides m1, which has at most 20 digits.
                let s = (-t) as u32;
                s <= 20 && 10u128.checked_pow(s).and_then(|p| p.checked_mul(m2)).is_some_and(|q| m1 % q == 0)
            });
        }
        big_multiple(&self.to_decimal(), &divisor.to_decimal(), work)
    }
}

/// `ma × 10^ea` against `mb × 10^eb`, both non-zero mantissas.
fn magnitude_cmp(ma: u64, ea: i32, mb: u64, eb: i32) -> Ordering {
    let (da, db) = (digits(ma), digits(mb));
    let (top_a, top_b) = (i64::from(da) + i64::from(ea), i64::from(db) + i64::from(eb));
    if top_a != top_b {
        return top_a.cmp(&top_b);
    }
    // Same leading position: line the digits up (at most 19 apart).
    let (a, b) = (u128::from(ma), u128::from(mb));
    if da >= db { a.cmp(&(b * 10u128.pow(da - db))) } else { (a * 10u128.pow(db - da)).cmp(&b) }
}

fn digits(m: u64) -> u32 {
    m.checked_ilog10().map_or(1, |l| l + 1)
}

fn pow_mod(mut base: u128, mut exp: u64, m: u128) -> u128 {
    let mut result = 1 % m;
    base %= m;
    while exp > 0 {
        if exp & 1 == 1 {
            result = result * base % m;
        }
        base = base * base % m;
        exp >>= 1;
    }
    result
}

// ---- big numbers, for multipleOf past 19 digits

/// A non-negative integer, little-endian 32-bit limbs, no leading zero limbs.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Big(Vec<u32>);

impl Big {
    fn is_zero(&self) -> bool {
        self.0.is_empty()
    }

    fn trim(&mut self) {
        while self.0.last() == Some(&0) {
            self.0.pop();
        }
    }

    /// From decimal digits (most significant first), charging `work`.
    fn from_digits(digits: &[u8], work: &mut u64) -> Option<Big> {
        let mut n = Big(Vec::new());
        for chunk in digits.chunks(9) {
            let mut value = 0u32;
            for &d in chunk {
                value = value * 10 + u32::from(d);
            }
            n.mul_add_small(10u32.pow(chunk.len() as u32), value, work)?;
        }
        Some(n)
    }

    fn mul_add_small(&mut self, mul: u32, add: u32, work: &mut u64) -> Option<()> {
        charge(work, self.0.len() as u64 + 1)?;
        let mut carry = u64::from(add);
        for limb in self.0.iter_mut() {
            let v = u64::from(*limb) * u64::from(mul) + carry;
            *limb = v as u32;
            carry = v >> 32;
        }
        if carry > 0 {
            self.0.push(carry as u32);
        }
        Some(())
    }

    /// Divides by `d` in place, returning the remainder.
    fn div_small(&mut self, d: u32, work: &mut u64) -> Option<u32> {
        charge(work, self.0.len() as u64 + 1)?;
        let mut rem = 0u64;
        for limb in self.0.iter_mut().rev() {
            let v = (rem << 32) | u64::from(*limb);
            *limb = (v / u64::from(d)) as u32;
            rem = v % u64::from(d);
        }
        self.trim();
        Some(rem as u32)
    }

    fn rem_small(&self, d: u32, work: &mut u64) -> Option<u32> {
        charge(work, self.0.len() as u64 + 1)?;
        let mut rem = 0u64;
        for limb in self.0.iter().rev() {
            rem = ((rem << 32) | u64::from(*limb)) % u64::from(d);
        }
        Some(rem as u32)
    }

    fn trailing_zero_bits(&self) -> u64 {
        let mut bits = 0u64;
        for &limb in &self.0 {
            if limb == 0 {
                bits += 32;
            } else {
                return bits + u64::from(limb.trailing_zeros());
            }
        }
        bits
    }

    fn shr_bits(&mut self, bits: u64) {
        let limbs = (bits / 32) as usize;
        let shift = (bits % 32) as u32;
        self.0.drain(..limbs.min(self.0.len()));
        if shift > 0 {
            let mut carry = 0u32;
            for limb in self.0.iter_mut().rev() {
                let v = *limb;
                *limb = (v >> shift) | carry;
                carry = v << (32 - shift);
            }
        }
        self.trim();
    }

    /// Divides out every factor 5, returning how many there were.
    fn remove_fives(&mut self, work: &mut u64) -> Option<u64> {
        const FIVE_13: u32 = 1_220_703_125;
        let mut count = 0u64;
        while !self.is_zero() && self.rem_small(FIVE_13, work)? == 0 {
            self.div_small(FIVE_13, work)?;
            count += 13;
        }
        while !self.is_zero() && self.rem_small(5, work)? == 0 {
            self.div_small(5, work)?;
            count += 1;
        }
        Some(count)
    }

    /// How many factors `p` (2 or 5) divide `self`, up to `cap`.
    fn valuation(&self, p: u32, cap: u64, work: &mut u64) -> Option<u64> {
        if p == 2 {
            return Some(self.trailing_zero_bits().min(cap));
        }
        let mut n = self.clone();
        let mut count = 0u64;
        while count < cap && !n.is_zero() && n.rem_small(p, work)? == 0 {
            n.div_small(p, work)?;
            count += 1;
        }
        Some(count)
    }

    /// `self mod m` (Knuth's algorithm D), `m` non-zero.
    fn rem(&self, m: &Big, work: &mut u64) -> Option<Big> {
        if self.0.len() < m.0.len() {
            return Some(self.clone());
        }
        if m.0.len() == 1 {
            let r = self.rem_small(m.0[0], work)?;
            let mut out = Big(vec![r]);
            out.trim();
            return Some(out);
        }
        charge(work, (self.0.len() as u64 - m.0.len() as u64 + 1).saturating_mul(m.0.len() as u64))?;
        let shift = m.0.last().map_or(0, |top| top.leading_zeros());
        let v = shl(&m.0, shift);
        let mut u = shl(&self.0, shift);
        u.push(0);
        let n = v.len();
        let b: u64 = 1 << 32;
        for j in (0..u.len() - n).rev() {
            let top = (u64::from(u[j + n]) << 32) | u64::from(u[j + n - 1]);
            let mut qhat = top / u64::from(v[n - 1]);
            let mut rhat = top % u64::from(v[n - 1]);
            while qhat >= b || qhat * u64::from(v[n - 2]) > ((rhat << 32) | u64::from(u[j + n - 2])) {
                qhat -= 1;
                rhat += u64::from(v[n - 1]);
                if rhat >= b {
                    break;
                }
            }
            // u[j..j+n+1] -= qhat × v
            let mut borrow: i64 = 0;
            let mut carry: u64 = 0;
            for i in 0..n {
                let p = qhat * u64::from(v[i]) + carry;
                carry = p >> 32;
                let t = i64::from(u[i + j]) - borrow - (p & 0xffff_ffff) as i64;
                u[i + j] = t as u32;
                borrow = i64::from(t < 0);
            }
            let t = i64::from(u[j + n]) - borrow - carry as i64;
            u[j + n] = t as u32;
            if t < 0 {
                // One too many: add v back.
                let mut c = 0u64;
                for i in 0..n {
                    let s = u64::from(u[i + j]) + u64::from(v[i]) + c;
                    u[i + j] = s as u32;
                    c = s >> 32;
                }
                u[j + n] = u[j + n].wrapping_add(c as u32);
            }
        }
        u.truncate(n);
        // Undo the normalising shift.
        let mut r = Big(u);
        r.shr_bits(u64::from(shift));
        r.trim();
        Some(r)
    }
}

fn shl(limbs: &[u32], shift: u32) -> Vec<u32> {
    if shift == 0 {
        return limbs.to_vec();
    }
    let mut out = Vec::with_capacity(limbs.len() + 1);
    let mut carry = 0u32;
    for &l in limbs {
        out.push((l << shift) | carry);
        carry = l >> (32 - shift);
    }
    if carry > 0 {
        out.push(carry);
    }
    out
}

fn charge(work: &mut u64, steps: u64) -> Option<()> {
    *work = work.checked_sub(steps)?;
    Some(())
}

/// `x / d` is an integer, for decimals `x` (non-zero) and `d` (positive).
fn big_multiple(x: &Decimal, d: &Decimal, work: &mut u64) -> Option<bool> {
    // x = X × 10^a, d = Y × 10^b with X, Y integers.
    // A non-zero multiple is at least as large as the divisor: a shorter x is none.
    let top = |n: &Decimal| n.digits.len() as i128 + i128::from(n.exponent);
    if top(x) < top(d) {
        return Some(false);
    }
    let t = i128::from(x.exponent) - i128::from(d.exponent);
    let xs = Big::from_digits(&x.digits, work)?;
    let mut y = Big::from_digits(&d.digits, work)?;
    if t >= 0 {
        // Y divides X × 10^t: with Y = Y' × 2^p × 5^q and Y' prime to 10,
        // Y' must divide X, and 10^t with X must supply the twos and fives.
        let t = u64::try_from(t).unwrap_or(u64::MAX);
        let p = y.trailing_zero_bits();
        y.shr_bits(p);
        let q = y.remove_fives(work)?;
        let twos = p <= t || xs.valuation(2, p - t, work)? >= p - t;
        let fives = q <= t || xs.valuation(5, q - t, work)? >= q - t;
        if !(twos && fives) {
            return Some(false);
        }
        if y.0 == [1] {
            return Some(true);
        }
        Some(xs.rem(&y, work)?.is_zero())
    } else {
        // Y × 10^s divides X: impossible once it has more digits than X.
        let s = (-t) as u128;
        if d.digits.len() as u128 + s > x.digits.len() as u128 {
            return Some(false);
        }
        for _ in 0..s / 9 {
            y.mul_add_small(1_000_000_000, 0, work)?;
        }
        y.mul_add_small(10u32.pow((s % 9) as u32), 0, work)?;
        Some(xs.rem(&y, work)?.is_zero())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn n(s: &str) -> Num {
        Num::parse(s)
    }

    #[test]
    fn parses_to_the_exact_value() {
        assert_eq!(n("2.50"), Num::Small { negative: false, mantissa: 25, exponent: -1 });
        assert_eq!(n("-0.0"), Num::Small { negative: false, mantissa: 0, exponent: 0 });
        assert_eq!(n("1E+2"), Num::Small { negative: false, mantissa: 1, exponent: 2 });
        assert_eq!(n("120e-1"), Num::Small { negative: false, mantissa: 12, exponent: 0 });
        assert_eq!(
            n("9223372036854775807.0"),
            Num::Small { negative: false, mantissa: 9223372036854775807, exponent: 0 }
        );
        assert!(matches!(n("18446744073709551616"), Num::Big(_)));
        assert!(matches!(n("1e999999999999"), Num::Big(_)));
    }

    #[test]
    fn compares_exactly_at_every_integer_edge() {
        use Ordering::*;
        let cases = [
            ("9223372036854775807.0", "9223372036854775807", Equal),
            ("9.223372036854775807e18", "9223372036854775807", Equal),
            ("9223372036854775806.0", "9223372036854775807", Less),
            ("9223372036854775808", "9223372036854775807", Greater),
            ("-9223372036854775808.0", "-9223372036854775808", Equal),
            ("-9223372036854775809", "-9223372036854775808", Less),
            ("18446744073709551615.0", "18446744073709551615", Equal),
            ("18446744073709551616", "18446744073709551615", Greater),
            ("1.8446744073709551615e19", "18446744073709551615", Equal),
            ("2147483647.5", "2147483647", Greater),
            ("-0", "0", Equal),
            ("-0.0", "-0e5", Equal),
            ("0.1", "1e-1", Equal),
            ("1e-400", "0", Greater),
            ("-1e400", "-5", Less),
            ("99999.99", "99999.990000000000000000001", Less),
            ("1e28", "9999999999999999999e9", Greater),
        ];
        for (a, b, want) in cases {
            assert_eq!(n(a).compare(&n(b)), want, "{a} vs {b}");
            assert_eq!(n(b).compare(&n(a)), want.reverse(), "{b} vs {a}");
        }
    }

    /// A number as the tape holds it in machine words.
    fn dec(text: &str) -> Option<Dec> {
        let limits = crate::json::ParseLimits { max_bytes: 1 << 20, max_depth: 8 };
        super::super::tape::Tape::parse(text, limits).unwrap().dec(0)
    }

    #[test]
    fn machine_word_decimals_compare_as_exact_ones() {
        let cases = [
            "0",
            "-0",
            "1",
            "-1",
            "2.50",
            "6790.99",
            "99999.99",
            "0.01",
            "1.5",
            "-2.25",
            "100",
            "0.0001",
            "281474976710655",
            "-281474976710655",
            "2814749767.10655",
            "0.000000000000001",
            "1.23456789012345",
        ];
        for a in cases {
            for b in cases {
                let (da, db) = (dec(a).expect(a), dec(b).expect(b));
                assert_eq!(da.compare(&db).unwrap(), n(a).compare(&n(b)), "{a} vs {b}");
            }
        }
        // Exponents, more than 2^48 as digits, more than 15 after the point:
        // exact numbers only.
        for text in
            ["1e2", "281474976710656", "12.34567890123456", "12345678901234567890", "0.0000000000000001", "1.0e0"]
        {
            assert_eq!(dec(text), None, "{text}");
        }
    }

    #[test]
    fn one_word_scaling_agrees_with_the_wide_product() {
        // Mantissas at and around the largest that scales within a word, for
        // every distance between exponents, against the 128-bit product.
        for d in 0..POW10.len() {
            let edge = FITS[d];
            for a in [0, 1, 7, edge / 10, edge.saturating_sub(1), edge, edge.saturating_add(1), u64::MAX] {
                for b in [0, 1, 9, edge / 3, edge, edge.saturating_add(1), u64::MAX / 2, u64::MAX] {
                    for negative in [false, true] {
                        let x = Dec { negative, mantissa: a, exponent: d as i32 - 3 };
                        let y = Dec { negative, mantissa: b, exponent: -3 };
                        let wide = (u128::from(a) * POW10[d]).cmp(&u128::from(b));
                        let sign = |m: u64| {
                            if m == 0 {
                                0
                            } else if negative {
                                -1
                            } else {
                                1
                            }
                        };
                        let expected = if sign(a) != sign(b) || sign(a) == 0 {
                            sign(a).cmp(&sign(b))
                        } else if negative {
                            wide.reverse()
                        } else {
                            wide
                        };
                        assert_eq!(x.compare(&y), Some(expected), "{a}e{} vs {b}e-3", d as i32 - 3);
                        assert_eq!(y.compare(&x), Some(expected.reverse()), "{b}e-3 vs {a}e{}", d as i32 - 3);
                    }
                }
            }
        }
    }

    #[test]
    fn floors_and_ceilings_are_exact() {
        let cases = [
            ("0", 0, 0),
            ("-0", 0, 0),
            ("0.01", 0, 1),
            ("-0.01", -1, 0),
            ("1000", 1000, 1000),
            ("1e3", 1000, 1000),
            ("99999.99", 99999, 100000),
            ("-2.5", -3, -2),
            ("9223372036854775807", 9223372036854775807, 9223372036854775807),
            ("1.5e-40", 0, 1),
            ("-1.5e-40", -1, 0),
            ("1e30", 10i128.pow(30), 10i128.pow(30)),
        ];
        for (text, floor, ceil) in cases {
            assert_eq!(n(text).floor_ceil(), Some((floor, ceil)), "{text}");
        }
        assert_eq!(n("1e40").floor_ceil(), None);
        assert_eq!(n("123456789012345678901234567890").floor_ceil(), None);
    }

    #[test]
    fn integers_include_integral_forms() {
        for yes in ["2", "2.0", "1e2", "-0", "1.5e1", "9223372036854775807.0", "1e999999999999"] {
            assert!(n(yes).is_integer(), "{yes}");
        }
        for no in ["2.5", "1e-2", "0.1", "12345678901234567890.5"] {
            assert!(!n(no).is_integer(), "{no}");
        }
    }

    #[test]
    fn multiple_of_is_exact() {
        let m = |a: &str, b: &str| {
            let mut work = 1_000_000;
            n(a).is_multiple_of(&n(b), &mut work).unwrap()
        };
        assert!(m("0.3", "0.1"));
        assert!(m("4.5", "1.5"));
        assert!(!m("35", "1.5"));
        assert!(m("1e308", "0.5"));
        assert!(m("0.0075", "0.0001"));
        assert!(!m("0.00751", "0.0001"));
        assert!(m("12345678901234567890", "10"));
        assert!(!m("12345678901234567891", "10"));
        assert!(m("123456789012345678901234567890", "1234567890123456789012345678.9"));
        assert!(!m("1e50", "12345678901234567890e-3"));
        assert!(m("246913578024691357802469135780", "123456789012345678901234567890"));
        assert!(!m("246913578024691357802469135781", "123456789012345678901234567890"));
        assert!(m("1e40", "2.5e20"));
        assert!(m("5e-30", "1e-30"));
        assert!(!m("5e-30", "2e-30"));
        assert!(!m("1e9999", "7e9990"));
        assert!(m("7e9999", "7e9990"));
        // Smaller than a long divisor: answered without dividing.
        let divisor = format!("1{}", "7".repeat(100_000));
        let mut work = 10;
        assert_eq!(n("123456789").is_multiple_of(&n(&divisor), &mut work), Some(false));
        assert_eq!(n("-0.5").is_multiple_of(&n(&divisor), &mut work), Some(false));
    }

    #[test]
    fn big_work_is_bounded() {
        let divisor = format!("1{}", "3".repeat(100_000));
        let mut work = 10_000;
        let big = "9".repeat(100_001);
        assert_eq!(n(&big).is_multiple_of(&n(&divisor), &mut work), None);
    }
}
