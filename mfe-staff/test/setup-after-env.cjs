// The first lazy import of a feature is transpiled on demand by ts-jest, which
// can take over a second on a busy 2-core machine: give async queries room.
require('@testing-library/react').configure({ asyncUtilTimeout: 5000 });
