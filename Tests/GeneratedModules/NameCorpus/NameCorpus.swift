// Generated from namecorpus.yaml by the ClientGeneratorPlugin; this module exists for the tests: it
// compiles only if every Swift keyword and runtime name works as every kind of schema name.
@_exported import ClientRuntime
