// A class whose closing brace is missing, and a stray one elsewhere.
namespace Broken;

public record Unused(int X);
}

public partial class Tools
{
    [Tool]
    public int Ping(int x)
    {
        if (x > 0) {
            return x;
        }
        return 0;
