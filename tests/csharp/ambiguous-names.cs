// Two types a tool uses share a simple name (OLC004).
namespace A
{
    public record Item(string Name);
}

namespace B
{
    public record Item(int Id);

    public partial class Tools
    {
        [Tool]
        public void Use(Item item) { }
    }
}
