import { spawnSync } from "node:child_process";
import { join } from "node:path";

/**
 * A throwaway self-signed certificate made by openssl, written as key.pem and cert.pem into `dir`, for a loopback
 * server that must speak TLS (HTTP/2 in the bench, nginx's HTTPS in the host tests). When openssl is
 * missing or fails: what it said, as `failed`.
 */
export function selfSignedCertificate(
  dir: string,
  commonName: string,
  altName?: string,
): { key: string; cert: string } | { failed: string } {
  const [key, cert] = [join(dir, "key.pem"), join(dir, "cert.pem")];
  const made = spawnSync(
    "openssl",
    [
      ...["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "1"],
      ...["-subj", `/CN=${commonName}`, ...(altName ? ["-addext", `subjectAltName=${altName}`] : [])],
      ...["-keyout", key, "-out", cert],
    ],
    { encoding: "utf8" },
  );
  return made.status === 0 ? { key, cert } : { failed: made.error?.message ?? made.stderr };
}
