// const fields the files declare are read where attribute arguments and
// defaults name them: qualified, unqualified, chained, concatenated.
using System.ComponentModel;
using System.ComponentModel.DataAnnotations;

namespace Consts;

internal static class Texts
{
    public const string Query = "Free text, " + Scope;
    public const string Scope = "matched against names.";
    public const int MaxLimit = Limit * 1 == 0 ? 0 : 500;
    public const int Limit = 50;
    public const int Floor = -1, Ceiling = Limit;
}

public partial class SearchTools
{
    private const string ToolName = "search_people";

    [Tool(Name = ToolName, Description = Texts.Query)]
    public void Search(
        [Description(Texts.Query)] string query,
        [Range(Texts.Floor, Texts.Ceiling)] int limit = Texts.Limit) { }
}
