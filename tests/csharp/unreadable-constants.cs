// Attribute arguments and defaults that are not constants describe-source
// reads (OLC003): arithmetic (also inside a const), a cast, an interpolation,
// constants defined by each other in a cycle.
using System.ComponentModel;
using System.ComponentModel.DataAnnotations;

namespace Consts;

public static class Limits
{
    public const int Max = 100;
    public const int Twice = Max * 2;
    public const int A = B, B = A;
}

public partial class Tools
{
    [Tool]
    public void Count(
        [Range(1, Limits.Twice)] int a,
        [Range(1, Limits.Max)] int b = 1 + 1,
        int c = (int)3,
        string d = $"{nameof(Tools)}!",
        int e = Limits.A) { }

    [Tool("positional")]
    public void Positional() { }

    [Tool(Nmae = "typo")]
    public void Typo() { }
}
