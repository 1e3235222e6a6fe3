using System.Text.Json.Serialization;

namespace Multi;

public record Shared(string Value);

[JsonSourceGenerationOptions(PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase)]
[JsonSerializable(typeof(Shared))]
internal partial class MultiContext : JsonSerializerContext;
