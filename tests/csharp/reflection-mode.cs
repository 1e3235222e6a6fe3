// In reflection mode doc comments are not read, names are always camelCase,
// and the generator-only rules (OLT001, OLT005, OLT010, OLT011) do not apply.
using System.ComponentModel;
using System.Text.Json.Serialization;

namespace Reflect;

public class Tools<T>
{
    /// <summary>Not read in reflection mode.</summary>
    [Tool]
    public void Save([Description("The settings.")] Settings settings) { }
}

public record Settings(string DisplayName);

[JsonSourceGenerationOptions(PropertyNamingPolicy = JsonKnownNamingPolicy.SnakeCaseLower)]
public partial class Context : JsonSerializerContext;
