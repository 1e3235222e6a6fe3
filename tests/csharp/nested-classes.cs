// Every class around the tools must be partial (OLT001) and not generic (OLT010).
namespace Nest;

public class Outer<T>
{
    public partial class Middle
    {
        public partial class Tools
        {
            [Tool]
            public void Ping() { }
        }
    }
}
