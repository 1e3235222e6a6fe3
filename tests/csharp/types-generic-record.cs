// A generic record is written for each of its closed uses.
namespace Paging;

public partial class PageTools
{
    [Tool]
    public Page<Item> List(Page<string> cursor, int size = 10) => throw null!;
}

public record Page<T>(List<T> Items, string? Next);

public record Item(string Id);
