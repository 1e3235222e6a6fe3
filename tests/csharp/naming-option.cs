// Without a context in the files, the naming option decides.
namespace NamingOption;

public partial class Tools
{
    [Tool]
    public void Save(Settings settings) { }
}

public record Settings(string DisplayName);
