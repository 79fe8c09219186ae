// A self-signed certificate for the host name `pinned.invalid` (RFC 6761: never resolves), valid until 2126, and its
// key: for tests of outbound TLS only. Made with: openssl req -x509 -newkey ec -pkeyopt
// ec_paramgen_curve:prime256v1 -days 36500 -nodes -subj /CN=pinned.invalid -addext subjectAltName=DNS:pinned.invalid
export const PINNED_INVALID_CERT = `-----BEGIN CERTIFICATE-----
MIIBpDCCAUqgAwIBAgIUF3zXbxVT6+TThP1GMqa8uxSHhKgwCgYIKoZIzj0EAwIw
GTEXMBUGA1UEAwwOcGlubmVkLmludmFsaWQwIBcNMjYxMTI5MDA0OTM5WhgPMjEy
NjExMDUwMDQ5MzlaMBkxFzAVBgNVBAMMDnBpbm5lZC5pbnZhbGlkMFkwEwYHKoZI
zj0CAQYIKoZIzj0DAQcDQgAET8aWiAO9U76qqLLTAmXZAe3uZU9FzWouDIx0PntI
ObgGNfeJI2tkcx6ZpiNS5EIaXweCClkyRFaTAU6f6CTkoKNuMGwwHQYDVR0OBBYE
FMKEHJ9LxLcuaf1IQl8hwqs34ZtHMB8GA1UdIwQYMBaAFMKEHJ9LxLcuaf1IQl8h
wqs34ZtHMA8GA1UdEwEB/wQFMAMBAf8wGQYDVR0RBBIwEIIOcGlubmVkLmludmFs
aWQwCgYIKoZIzj0EAwIDSAAwRQIgUcK9iPD0JrUFuSBv9aVJLcELevRmbTeDt9u6
PUkOQ34CIQCDkbBaY84dHiGSsPHsMNdvB5IJ55XDe/5Jv+QOpAyQ0Q==
-----END CERTIFICATE-----
`;

export const PINNED_INVALID_KEY = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQguqFC2TJtVa+LBZPR
5h3fWhz5jinIQoNjrRqja6hT06ihRANCAARPxpaIA71TvqqostMCZdkB7e5lT0XN
ai4MjHQ+e0g5uAY194kja2RzHpmmI1LkQhpfB4IKWTJEVpMBTp/oJOSg
-----END PRIVATE KEY-----
`;
