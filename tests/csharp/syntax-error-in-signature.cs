// A syntax error in a tool's parameter list: that tool cannot be read (an
// error at its place); the next tool still is.
namespace Broken;

public partial class Tools
{
    [Tool]
    public int Add(int a, int ) => a;

    [Tool]
    public int Negate(int a) => -a;
}
