using System.Text.Json.Serialization;

namespace Shop;

public partial class OrderTools
{
    [Tool]
    public void Order(List<Item> items)
    {
        foreach (var item in items)
        {
            _basket.Add(item);
        }
    }
}

public record Item(int Qty);

[JsonSourceGenerationOptions(PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase)]
[JsonSerializable(typeof(List<Item>))]
internal partial class ShopJsonContext : JsonSerializerContext;
