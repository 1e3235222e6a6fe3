using System.ComponentModel;
using System.ComponentModel.DataAnnotations;
using System.Text.Json.Serialization;

namespace Courts;

public partial class DocketTools
{
    /// <summary>Looks up a <see cref="Docket"/>.</summary>
    /// <param name="caseId">The case.</param>
    [Tool]
    [Description("Looks up a court docket.")]
    public async Task<Docket> GetDocketAsync(
        Guid caseId,
        ToolContext ctx,
        [Range(1, 100)] int limit = 10,
        CancellationToken ct = default)
    {
        var docket = await ctx.Services.Dockets.FindAsync(caseId, limit, ct);
        return docket ?? throw new InvalidOperationException($"No docket for {caseId}.");
    }
}

public record Docket(string Number, DateOnly Filed, Status Status);

public enum Status { Open, Sealed, Closed }

[JsonSourceGenerationOptions(PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase, UseStringEnumConverter = true)]
[JsonSerializable(typeof(Docket))]
public partial class CourtsJsonContext : JsonSerializerContext;
