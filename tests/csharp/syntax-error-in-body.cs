// A syntax error inside a method body: the tool is still described, and the
// error is a warning with its place.
namespace Broken;

public partial class Tools
{
    [Tool]
    public int Add(int a, int b)
    {
        return a + ;
        var s = "unterminated;
    }

    [Tool]
    public int Negate(int a) => -a;
}
