// A context without a naming policy writes properties as declared; an enum
// is written by name through the string enum converter on the enum itself.
using System.Text.Json.Serialization;

namespace NamingNone;

public partial class Tools
{
    [Tool]
    public void Save(Settings settings) { }
}

public record Settings(string DisplayName, Theme Theme);

[JsonConverter(typeof(JsonStringEnumConverter<Theme>))]
public enum Theme { Light, Dark }

[JsonSerializable(typeof(Settings))]
public partial class AppContext : JsonSerializerContext;
