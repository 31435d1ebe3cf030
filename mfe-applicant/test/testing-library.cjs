// The machine running the suite may be busy: give async queries more time than the 1 s default.
require('@testing-library/react').configure({ asyncUtilTimeout: 5000 });
