// Defaults of every literal form, enum members, default, null and negatives.
namespace Defaults;

public enum Level { Low, Mid, High }

public partial class DefaultTools
{
    [Tool]
    public void Defaults(
        int a = 10,
        int hex = 0x1F,
        int bin = 0b1010_1010,
        long big = 9_007_199_254_740_993L,
        ulong max = ulong.MaxValue,
        int negative = -42,
        double d = 1.5e3,
        float f = .25f,
        decimal m = 19.99m,
        string s = "tab\tquote\" \u00e9",
        string verbatim = @"C:\path ""quoted""",
        string raw = """raw "text" here""",
        string interpolated = $"no holes {{braces}}",
        char c = 'x',
        char escaped = '\n',
        bool yes = true,
        bool no = false,
        string? none = null,
        int zero = default,
        Level level = Level.High,
        Level? maybeLevel = null,
        Level first = default(Level),
        int? maybe = 7,
        Guid id = default,
        System.Threading.CancellationToken ct = default)
    {
    }
}
