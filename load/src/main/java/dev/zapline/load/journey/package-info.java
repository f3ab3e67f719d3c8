/**
 * Journeys: {@code .http} files (JetBrains HTTP Client and VS Code REST Client syntax, Gopher Glide's export
 * directive) read once into steps of compiled request templates, extractions and checks ({@link JourneyPlan}), and
 * the pieces that run them without allocating: templates written straight into an outbound buffer, JSONPath
 * evaluated by a streaming scan of the response bytes, checks over status, headers, body and duration. The engine
 * ({@code dev.zapline.load.engine}) paces and measures them.
 */
package dev.zapline.load.journey;
