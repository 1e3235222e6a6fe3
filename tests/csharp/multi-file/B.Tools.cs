namespace Multi;

public partial class Tools
{
    [Tool]
    public void Second(int x) { }
}

public partial class Other
{
    [Tool]
    public void Third() { }
}
