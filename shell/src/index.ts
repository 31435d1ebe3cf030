// The dynamic import gives Module Federation the moment it needs to negotiate
// the shared singletons before any of them is evaluated.
void import('./bootstrap');
