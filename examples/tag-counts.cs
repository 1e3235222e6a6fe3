public static partial class Tags
{
    /// <summary>Records how often each tag was seen.</summary>
    /// <param name="n">How many samples to take.</param>
    /// <param name="tags">The tags to look for.</param>
    /// <param name="counts">Counts seen so far, by tag.</param>
    [Tool]
    public static void F([Range(1, 10)] int n, List<string> tags, Dictionary<string,int> counts)
    {
    }
}
