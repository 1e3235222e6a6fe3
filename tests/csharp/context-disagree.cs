// Two contexts with different naming policies (OLC004).
using System.Text.Json.Serialization;

namespace Disagree;

public partial class Tools
{
    [Tool]
    public void Save(A a, B b) { }
}

public record A(string X);
public record B(string Y);

[JsonSourceGenerationOptions(PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase)]
[JsonSerializable(typeof(A))]
public partial class CamelContext : JsonSerializerContext;

[JsonSerializable(typeof(B))]
public partial class PlainContext : JsonSerializerContext;
