// Every argument of [Tool], and the name and description rules around it.
using System.ComponentModel;

namespace Ops;

public partial class OpsTools
{
    [Tool(Name = "shutdown-now", Description = "Stops the " + "service.", EndsLoop = true,
          RequiresApproval = true, ParallelSafe = false, TimeoutSeconds = 120)]
    public void Shutdown() { }

    /// <summary>Ignored: [Description] wins over the summary.</summary>
    [Tool, Description("Restarts the service.")]
    public Task RestartAsync() => Task.CompletedTask;

    /// <summary>
    /// Reads the <see cref="Status"/> of the service.
    /// </summary>
    [OneLLM.Tools.ToolAttribute(TimeoutSeconds = 0x10)]
    public string GetStatusAsync() => "up";

    [Tool(Description = "")]
    public int HTTPPing() => 1;

    // Not a tool: no [Tool] attribute.
    public void Helper() { }
}
