namespace Multi;

public partial class Tools
{
    [Tool]
    public void First(Shared shared) { }
}
