// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Whether this test binary runs under AddressSanitizer (the CI's second stage): there an
// address-space cap cannot be applied (ASan reserves terabytes of shadow memory at start-up)
// and the resident set is no bound (ASan's allocator keeps freed memory in quarantine), so
// the tests that assert memory run for errors only. gcc defines __SANITIZE_ADDRESS__, clang
// answers __has_feature.
#if defined(__SANITIZE_ADDRESS__)
inline constexpr bool kUnderAddressSanitizer = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
inline constexpr bool kUnderAddressSanitizer = true;
#else
inline constexpr bool kUnderAddressSanitizer = false;
#endif
#else
inline constexpr bool kUnderAddressSanitizer = false;
#endif
