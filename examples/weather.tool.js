// A tool module in JavaScript: the default export is the tool.
export default {
  name: "weather",
  description: "Current conditions and forecasts",
  actions() {
    return {
      current: {
        description: "Current conditions at a place",
        properties: {
          place: { type: "string" },
          units: { type: "string", enum: ["metric", "imperial"] },
        },
        required: ["place"],
        defaults: { units: "metric" },
      },
      forecast: {
        description: "Daily forecast for up to ten days",
        properties: {
          place: { type: "string" },
          days: { type: "integer", minimum: 1, maximum: 10 },
        },
        required: ["place"],
      },
    };
  },
};
