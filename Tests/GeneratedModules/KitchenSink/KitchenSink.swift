// Generated from kitchensink.yaml by the ClientGeneratorPlugin; this module exists for the tests.
@_exported import ClientRuntime
