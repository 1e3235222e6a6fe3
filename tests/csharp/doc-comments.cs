// /// <summary> and <param> are read in generator mode, flattened.
namespace Docs;

public partial class DocTools
{
    /// <summary>
    /// Finds <c>people</c> by <paramref name="query"/>,
    /// returning at most <paramref name="limit"/> of them.
    /// <para>Case is ignored.</para>
    /// </summary>
    /// <param name="query">Free text; see <see cref="Person"/>.</param>
    /// <param name="limit">
    ///   How many to return.
    /// </param>
    /// <returns>The people found.</returns>
    [Tool]
    public List<Person> Find(string query, int limit = 20) => new();

    /// <summary>   </summary>
    /// <param name="x"></param>
    [Tool]
    public void Blank(int x) { }
}

/// <summary>A person.</summary>
/// <param name="Name">The full name.</param>
public record Person(string Name, int Age)
{
    /// <summary>Where they live.</summary>
    public string? City { get; init; }
}
