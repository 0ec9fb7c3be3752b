@_spi(Generated) import ClientRuntime
import XCTest

/// KD Pay extension: the generated cache arguments' effect on a call's options, and which policies store.
final class CacheArgumentsTests: XCTestCase {
    func testCacheOnlyArgumentChoosesTheCacheOrTheNetwork() {
        XCTAssertEqual(RequestOptions.default.applyingCacheArguments(cacheOnly: true).cacheMode, .cacheOnly)
        XCTAssertEqual(RequestOptions.default.applyingCacheArguments(cacheOnly: false).cacheMode, .networkOnly)
        let explicit = RequestOptions(cacheMode: .localFirst, cacheMaxAge: 60)
        XCTAssertEqual(explicit.applyingCacheArguments(cacheOnly: true).cacheMode, .cacheOnly, "the argument wins over options")
        XCTAssertEqual(explicit.applyingCacheArguments(cacheOnly: nil).cacheMode, .localFirst)
        XCTAssertEqual(explicit.applyingCacheArguments(cacheOnly: true).cacheMaxAge, 60, "the max age is kept")
    }

    func testMaxAgeArgumentReplacesTheCallsMaxAgeOnlyWhenGiven() {
        XCTAssertEqual(RequestOptions.default.applyingCacheArguments(maxAge: 600).cacheMaxAge, 600)
        XCTAssertEqual(RequestOptions(cacheMaxAge: 60).applyingCacheArguments(maxAge: nil).cacheMaxAge, 60)
        XCTAssertNil(RequestOptions.default.applyingCacheArguments(maxAge: 600).cacheMode)
    }

    func testWhichPoliciesStoreAnswers() {
        XCTAssertFalse(CachePolicy.networkOnly.storesAnswers)
        XCTAssertTrue(CachePolicy.localFirst(maxAge: 3600, suppressRefreshErrors: false).storesAnswers)
        let storing = CachePolicy.networkStoring(maxAge: 3600)
        XCTAssertEqual(storing.mode, .networkOnly, "plain calls still ask the server")
        XCTAssertTrue(storing.storesAnswers)
        XCTAssertEqual(storing.maxAge, 3600)
        var switched = CachePolicy.localFirst(maxAge: nil, suppressRefreshErrors: false)
        switched.mode = .networkOnly
        XCTAssertFalse(switched.storesAnswers, "storing follows the mode unless network answers are asked for")
    }
}
