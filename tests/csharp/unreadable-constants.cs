// Attribute arguments and defaults that are not constants describe-source
// reads (OLC003): a constant's name, arithmetic, a cast, an interpolation.
using System.ComponentModel;
using System.ComponentModel.DataAnnotations;

namespace Consts;

public static class Limits
{
    public const int Max = 100;
    public const string Text = "The count.";
}

public partial class Tools
{
    [Tool]
    public void Count(
        [Description(Limits.Text)] int a,
        [Range(1, Limits.Max)] int b = 1 + 1,
        int c = (int)3,
        string d = $"{nameof(Tools)}!",
        [Range(0, int.MaxValue)] int e = 0) { }

    [Tool("positional")]
    public void Positional() { }

    [Tool(Nmae = "typo")]
    public void Typo() { }
}
