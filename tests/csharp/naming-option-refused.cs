// A naming option the contract refuses, with no context in the files: the
// problem is the option's (no place in the source).
namespace NamingOption;

public partial class Tools
{
    [Tool]
    public void Save(Settings settings) { }
}

public record Settings(string DisplayName);
