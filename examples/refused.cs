namespace Jobs;

public partial class JobTools
{
    // Three parameters the contract has no schema for: a queue, a ref
    // parameter and a record that contains itself.
    [Tool]
    public void Process(Queue<int> jobs, ref int count, Node root)
    {
        count += jobs.Count;
    }
}

public record Node(string Name, List<Node> Children);
