// No [Tool] method at all (OLC002).
namespace Empty;

public class Helpers
{
    public static int Twice(int x) => x * 2;
}
