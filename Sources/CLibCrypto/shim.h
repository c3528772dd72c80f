// OpenSSL's libcrypto: only the EVP digest interface (SHA-256 of reports and fingerprints), and the
// initialisation call that lets it start without reading the system's OpenSSL configuration.
#include <openssl/crypto.h>
#include <openssl/evp.h>
