// The wire formats the generator's tools must read exactly as clients write them (RFC 3339, `DateWireFormat`,
// the calendar day of `date`, the canonical UUID form) live in WireFormat, a Foundation-only module the tools
// link without linking this one. Nothing there is plain `public`: what generated code uses is
// `@_spi(Generated)`, and this re-export hands it to generated code (`@_spi(Generated) import ClientRuntime`)
// while an app's `import ClientRuntime` sees none of it. The rest (`@_spi(Shared)`, the civil calendar) is
// for this module's own implementation and the tools, so it takes no name from a schema.
@_spi(Generated) @_exported import WireFormat
