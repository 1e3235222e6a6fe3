// Types nested past the documented limit (OLC005).
public partial class T
{
    [Tool]
    public void Ping() { }
}
class N0 {
class N1 {
class N2 {
class N3 {
class N4 {
class N5 {
class N6 {
class N7 {
class N8 {
class N9 {
class N10 {
class N11 {
class N12 {
class N13 {
class N14 {
class N15 {
class N16 {
class N17 {
class N18 {
class N19 {
class N20 {
class N21 {
class N22 {
class N23 {
class N24 {
class N25 {
class N26 {
class N27 {
class N28 {
class N29 {
class N30 {
class N31 {
class N32 {
class N33 {
class N34 {
class N35 {
class N36 {
class N37 {
class N38 {
class N39 {
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
