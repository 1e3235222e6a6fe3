// Every literal and comment form in member bodies, preprocessor lines,
// verbatim identifiers, attributes with targets, and members that are not
// properties (fields, events, indexers, operators).
#nullable enable
#region usings
using System.ComponentModel;
#endregion

namespace Lexical;

#if false
this is not C# and is not read
#else
public partial class Tools
#endif
{
    private const string Braces = "{ not a block }";
    private readonly string _raw = """
        { "json": [1, 2, 3] }
        """;
    public event EventHandler? Changed;
    public int this[int i] => i;
    public static Tools operator +(Tools a, Tools b) => a;
    private static readonly Func<int, int> Square = x => x * x;

    /* A block comment with a } brace
       and a [Tool] attribute in it. */
    // [Tool] public void NotATool() { }

    [Tool]
    [return: Description("ignored")]
    public string Echo(string @class, [Description("Where \"it\" goes")] string @event = @"C:\temp")
    {
        var nested = $"{(@class.Length > 0 ? $"{@class}:{'}'}" : "{}")} {{literal}}";
        var raw = $$"""
            {"name": "{{@class}}", "braces": "{}" }
            """;
        char c = '{';
        string s = "}";
        return nested + raw + c + s + @event;
    }
}
