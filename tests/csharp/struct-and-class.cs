// Structs, classes with their only public constructor, static and
// non-public members, and an interface base that is not a base class.
namespace Shapes;

public partial class ShapeTools
{
    [Tool]
    public void Draw(Size size, Pen pen, Brush brush) { }
}

public struct Size
{
    public int Width { get; set; }
    public int Height { get; set; }
    public static Size Zero => default;
}

public class Pen : IDisposable
{
    public Pen(string color, int width = 1) { Color = color; Width = width; }
    public string Color { get; }
    public int Width { get; }
    public void Dispose() { }
}

public class Brush
{
    public Brush() { }
    public Brush(string color) { Color = color; }
    public string Color { get; set; } = "black";
}
