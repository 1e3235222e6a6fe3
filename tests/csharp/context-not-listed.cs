// A record no context lists, and an enum without the string enum converter
// (OLT005 for each).
using System.Text.Json.Serialization;

namespace NotListed;

public partial class Tools
{
    [Tool]
    public void Save(Listed listed, Unlisted unlisted, Color color) { }
}

public record Listed(string A);
public record Unlisted(string B);
public enum Color { Red, Green }

[JsonSourceGenerationOptions(PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase)]
[JsonSerializable(typeof(Listed))]
public partial class Context : JsonSerializerContext;
