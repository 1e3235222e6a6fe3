//! The contract's meanings for the formats it writes (`decisions.md` §3), and
//! the `contentEncoding: base64` check. Other formats keep the validator's
//! built-in meanings.

use super::program::{Format, FormatOp};

/// Whether `s` is in the format `op` checks.
pub(crate) fn check(op: &FormatOp, s: &str, _regex_limit: u64) -> bool {
    match op.format {
        Format::Date => is_date(s),
        Format::Time => is_time(s),
        Format::DateTime => is_date_time(s),
        Format::Uuid => is_uuid(s),
        Format::Regex => super::ecma::is_ecma_regex(s),
        Format::Standard => op.standard.is_none_or(|check| check(s)),
    }
}

/// Whether `s` is JSON text (draft 7's `contentMediaType: application/json`).
pub(crate) fn is_json(s: &str) -> bool {
    crate::json::parse(s, crate::json::ParseLimits { max_bytes: usize::MAX, max_depth: 512 }).is_ok()
}

/// How a message names what a format wants.
pub fn phrase(format: &str) -> String {
    match format {
        "date" => "a date (yyyy-MM-dd)".into(),
        "time" => "a time of day (HH:mm:ss with up to 7 fraction digits, no offset)".into(),
        "date-time" => "a date-time (RFC 3339, with an offset or Z)".into(),
        "uuid" => "a UUID (8-4-4-4-12 hex digits)".into(),
        "uri" => "an absolute URI".into(),
        "email" => "an email address".into(),
        "hostname" => "a hostname".into(),
        "ipv4" => "an IPv4 address".into(),
        "ipv6" => "an IPv6 address".into(),
        "duration" => "an ISO 8601 duration".into(),
        other => format!("a valid '{other}'"),
    }
}

fn digits(s: &str) -> Option<u32> {
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    s.parse().ok()
}

fn days_in_month(year: u32, month: u32) -> u32 {
    match month {
        4 | 6 | 9 | 11 => 30,
        2 if year.is_multiple_of(4) && (!year.is_multiple_of(100) || year.is_multiple_of(400)) => 29,
        2 => 28,
        _ => 31,
    }
}

/// `yyyy-MM-dd`, a real calendar day (`DateOnly`).
pub fn is_date(s: &str) -> bool {
    let b = s.as_bytes();
    if b.len() != 10 || b[4] != b'-' || b[7] != b'-' {
        return false;
    }
    match (digits(&s[0..4]), digits(&s[5..7]), digits(&s[8..10])) {
        (Some(y), Some(m), Some(d)) => (1..=12).contains(&m) && d >= 1 && d <= days_in_month(y, m),
        _ => false,
    }
}

/// `HH:mm:ss` and an optional fraction of 1–7 digits, no offset (`TimeOnly`).
pub fn is_time(s: &str) -> bool {
    let (hms, fraction) = match s.split_once('.') {
        Some((hms, f)) => (hms, Some(f)),
        None => (s, None),
    };
    if let Some(f) = fraction
        && !(1..=7).contains(&f.len())
    {
        return false;
    }
    if fraction.is_some_and(|f| !f.bytes().all(|b| b.is_ascii_digit())) {
        return false;
    }
    hms_parts(hms).is_some_and(|(_, _, sec)| sec < 60)
}

fn hms_parts(s: &str) -> Option<(u32, u32, u32)> {
    let b = s.as_bytes();
    if b.len() != 8 || b[2] != b':' || b[5] != b':' {
        return None;
    }
    let (h, m, sec) = (digits(&s[0..2])?, digits(&s[3..5])?, digits(&s[6..8])?);
    (h < 24 && m < 60 && sec <= 60).then_some((h, m, sec))
}

/// RFC 3339 `date-time`: a full date, `T`, a time with an optional fraction,
/// and `Z` or a `±hh:mm` offset. A leap second (`:60`) is accepted only where
/// it falls at 23:59 UTC.
pub fn is_date_time(s: &str) -> bool {
    let Some(sep) = s.find(['T', 't']) else {
        return false;
    };
    if !is_date(&s[..sep]) {
        return false;
    }
    let rest = &s[sep + 1..];
    let (time, offset_minutes) = if let Some(t) = rest.strip_suffix(['Z', 'z']) {
        (t, Some(0i32))
    } else {
        let Some(i) = rest.rfind(['+', '-']) else {
            return false;
        };
        let (t, off) = rest.split_at(i);
        let ob = off.as_bytes();
        if ob.len() != 6 || ob[3] != b':' {
            return false;
        }
        let (Some(oh), Some(om)) = (digits(&off[1..3]), digits(&off[4..6])) else {
            return false;
        };
        if oh > 23 || om > 59 {
            return false;
        }
        let minutes = (oh * 60 + om) as i32;
        (t, Some(if ob[0] == b'-' { -minutes } else { minutes }))
    };
    let (hms, fraction) = match time.split_once('.') {
        Some((hms, f)) => (hms, Some(f)),
        None => (time, None),
    };
    if fraction.is_some_and(|f| f.is_empty() || !f.bytes().all(|b| b.is_ascii_digit())) {
        return false;
    }
    let Some((h, m, sec)) = hms_parts(hms) else {
        return false;
    };
    if sec == 60 {
        let utc = (h as i32 * 60 + m as i32 - offset_minutes.unwrap_or(0)).rem_euclid(24 * 60);
        return utc == 23 * 60 + 59;
    }
    true
}

/// The 8-4-4-4-12 hex form (`Guid`), either case.
pub fn is_uuid(s: &str) -> bool {
    let b = s.as_bytes();
    b.len() == 36
        && b.iter().enumerate().all(
            |(i, c)| {
                if matches!(i, 8 | 13 | 18 | 23) { *c == b'-' } else { c.is_ascii_hexdigit() }
            },
        )
}

/// Standard base64 (RFC 4648 §4) with padding, as `Convert.FromBase64String`
/// writes it for a `byte[]`.
pub fn is_base64(s: &str) -> bool {
    let b = s.as_bytes();
    if !b.len().is_multiple_of(4) {
        return false;
    }
    let pad = b.iter().rev().take_while(|c| **c == b'=').count();
    pad <= 2 && b[..b.len() - pad].iter().all(|c| c.is_ascii_alphanumeric() || *c == b'+' || *c == b'/')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates() {
        for ok in ["2024-02-29", "2000-02-29", "1999-12-31", "0001-01-01"] {
            assert!(is_date(ok), "{ok}");
        }
        for bad in [
            "2023-02-29",
            "1900-02-29",
            "2024-13-01",
            "2024-00-10",
            "2024-04-31",
            "2024-1-01",
            "24-01-01",
            "2024-01-01T00:00:00Z",
            "２０２４-01-01",
        ] {
            assert!(!is_date(bad), "{bad}");
        }
    }

    #[test]
    fn times_are_time_only() {
        for ok in ["00:00:00", "23:59:59", "08:30:06.1", "08:30:06.1234567"] {
            assert!(is_time(ok), "{ok}");
        }
        for bad in [
            "24:00:00",
            "08:60:00",
            "08:30:60",
            "08:30:06.12345678",
            "08:30:06.",
            "08:30:06Z",
            "08:30:06+01:00",
            "8:30:06",
            "08:30",
        ] {
            assert!(!is_time(bad), "{bad}");
        }
    }

    #[test]
    fn date_times_are_rfc_3339() {
        for ok in [
            "2024-05-01T08:30:06Z",
            "2024-05-01t08:30:06.5z",
            "2024-05-01T08:30:06+05:30",
            "1998-12-31T23:59:60Z",
            "1998-12-31T15:59:60.123-08:00",
        ] {
            assert!(is_date_time(ok), "{ok}");
        }
        for bad in [
            "2024-05-01T08:30:06",
            "2024-05-01 08:30:06Z",
            "2024-05-01T22:59:60Z",
            "2024-05-01T08:30:06+24:00",
            "2024-02-30T08:30:06Z",
            "2024-05-01T08:30:06.Z",
            "2024-05-01T08:30:06+0530",
        ] {
            assert!(!is_date_time(bad), "{bad}");
        }
    }

    #[test]
    fn uuids_and_base64() {
        assert!(is_uuid("2eb8aa08-aa98-11ea-b4aa-73b441d16380"));
        assert!(is_uuid("2EB8AA08-AA98-11EA-B4AA-73B441D16380"));
        assert!(!is_uuid("2eb8aa08aa9811eab4aa73b441d16380"));
        assert!(!is_uuid("{2eb8aa08-aa98-11ea-b4aa-73b441d16380}"));
        assert!(!is_uuid("2eb8aa08-aa98-11ea-b4aa-73b441d1638g"));
        for ok in ["", "Zm9v", "Zm9vYg==", "Zm9vYmE=", "+/+/"] {
            assert!(is_base64(ok), "{ok}");
        }
        for bad in ["Zm9", "Zm9v YmFy", "Zm9vYg=", "Zm=vYg==", "Zm9vY===", "@@@@"] {
            assert!(!is_base64(bad), "{bad}");
        }
    }
}
