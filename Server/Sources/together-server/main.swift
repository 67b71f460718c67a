import TogetherServer

// Reads its configuration from the environment (TogetherConfiguration) and serves until stopped.
try await TogetherServer.run(TogetherConfiguration.fromEnvironment())
