using System.ComponentModel;
using System.ComponentModel.DataAnnotations;
using System.Text.Json.Serialization;

namespace Weather;

public partial class WeatherTools
{
    /// <summary>
    /// Gets the forecast for a <paramref name="city"/>,
    ///   one entry per day.
    /// </summary>
    /// <param name="city">City name, e.g. <c>Lisbon</c>.</param>
    /// <param name="days">How many days ahead.</param>
    [Tool]
    public async Task<List<DayForecast>> GetForecastAsync(
        [StringLength(80, MinimumLength = 2)] string city,
        [Range(1, 14)] int days = 3,
        Units units = Units.Metric,
        CancellationToken ct = default)
    {
        var forecast = await _client.GetAsync($"forecast/{Uri.EscapeDataString(city)}?days={days}", ct);
        return forecast.Days.Select(d => new DayForecast(d.Date, d.High, d.Low, d.Text)).ToList();
    }

    [Tool(Name = "send_alert", RequiresApproval = true, ParallelSafe = false, TimeoutSeconds = 30)]
    [Description("Sends a weather alert to subscribers.")]
    public Task SendAlert([MinLength(1)] HashSet<string> to, string message, Dictionary<string, string>? tags = null)
        => _alerts.SendAsync(to, message, tags);
}

public enum Units { Metric, Imperial }

public record DayForecast(DateOnly Date, double HighC, double LowC, string? Summary);

[JsonSourceGenerationOptions(PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase, UseStringEnumConverter = true)]
[JsonSerializable(typeof(List<DayForecast>))]
internal partial class WeatherJsonContext : JsonSerializerContext;
