// JsonSerializerDefaults.Web means camelCase.
using System.Text.Json;
using System.Text.Json.Serialization;

namespace Web;

public partial class Tools
{
    [Tool]
    public void Save(Settings settings) { }
}

public record Settings(string DisplayName);

[JsonSourceGenerationOptions(JsonSerializerDefaults.Web)]
[JsonSerializable(typeof(Settings))]
public partial class WebContext : JsonSerializerContext;
