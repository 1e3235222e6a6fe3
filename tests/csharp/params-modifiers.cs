// ref, out, in and ref readonly have no schema (OLT002, at the modifier);
// params and scoped change nothing.
namespace Mods;

public partial class ModTools
{
    [Tool]
    public void Mods(ref int a, out int b, in int c, ref readonly int d, params string[] rest)
    {
        b = a + c + d;
    }
}
