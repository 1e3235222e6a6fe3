// The contract's refusals, each at its place.
using System.Threading;

namespace Refusals;

public partial class Tools
{
    [Tool]
    public void Types(object o, IShape shape, Action callback, int[,] grid, Dictionary<int, string> byId,
                      (int, string) pair, Queue<int> queue) { }

    [Tool]
    public async void FireAndForget() { }

    [Tool]
    public T Generic<T>(T value) => value;

    [Tool]
    public Task<Task<int>> Nested() => throw null!;

    [Tool]
    public void Recursive(TreeNode node) { }

    [Tool(Name = "dup")]
    public void One() { }

    [Tool(Name = "dup")]
    public void Two() { }

    [Tool(Name = "not a valid name!")]
    public void BadName() { }

    [Tool]
    public void TwoTokens(CancellationToken a, CancellationToken b) { }
}

public interface IShape { double Area { get; } }

public record TreeNode(string Name, TreeNode? Parent);
