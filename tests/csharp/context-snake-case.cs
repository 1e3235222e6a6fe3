// A naming policy the contract refuses (OLT011, at the argument).
using System.Text.Json.Serialization;

namespace Snake;

public partial class Tools
{
    [Tool]
    public void Save(Settings settings) { }
}

public record Settings(string DisplayName);

[JsonSourceGenerationOptions(PropertyNamingPolicy = JsonKnownNamingPolicy.SnakeCaseLower)]
[JsonSerializable(typeof(Settings))]
public partial class Context : JsonSerializerContext;
