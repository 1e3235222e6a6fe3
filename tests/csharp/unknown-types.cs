// A type that is neither built in nor declared in the files (OLD004).
namespace Unknown;

public partial class Tools
{
    [Tool]
    public void Use(ExternalThing thing, List<AnotherOne> more) { }
}
