// Positional and nominal records, record structs, inheritance, required,
// [JsonIgnore], [JsonPropertyName], [JsonRequired] and annotations.
using System.ComponentModel;
using System.ComponentModel.DataAnnotations;
using System.Text.Json.Serialization;

namespace Records;

public partial class RecordTools
{
    [Tool]
    public Receipt Submit(Order order, Point at, Customer customer) => throw new NotImplementedException();
}

public abstract record Entity
{
    [JsonPropertyName("id")]
    public required Guid Key { get; init; }
}

public record Order(
    [property: Description("Line items.")] [property: MinLength(1)] List<Line> Lines,
    string? Note = null) : Entity
{
    [JsonIgnore]
    public decimal Total => Lines.Sum(l => l.Price * l.Qty);

    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public string? Coupon { get; set; }

    [JsonRequired, StringLength(3, MinimumLength = 3)]
    public string Currency { get; set; } = "EUR";

    public static Order Empty => new([]);

    internal int Hidden { get; set; }
}

public record Line(string Sku, [Range(1, 99)] int Qty, [Range(typeof(decimal), "0.01", "9999.99")] decimal Price);

public readonly record struct Point(double X, double Y);

public class Customer
{
    public Customer(string name) { Name = name; }

    public string Name { get; }

    [EmailAddress]
    public string? Email { get; set; }

    [Url]
    public Uri? Site { get; set; }

    [RegularExpression(@"^\+?[0-9 ]+$")]
    public string? Phone { get; set; }

    public string Secret { private get; set; } = "";
}

public record Receipt(Guid OrderId, DateTimeOffset At);

[JsonSourceGenerationOptions(PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase)]
[JsonSerializable(typeof(Order))]
[JsonSerializable(typeof(Point))]
[JsonSerializable(typeof(Customer))]
[JsonSerializable(typeof(Receipt))]
public partial class RecordsContext : JsonSerializerContext { }
