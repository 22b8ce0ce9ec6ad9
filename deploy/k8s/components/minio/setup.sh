#!/bin/sh
# The saathi-minio-setup Job's script (deploy/k8s/components/minio/minio.yaml).
set -eu
until mc alias set store http://saathi-minio:9000 "$MINIO_ROOT_USER" "$MINIO_ROOT_PASSWORD" >/dev/null 2>&1; do
  echo "waiting for MinIO"
  sleep 3
done
test "$S3_PRIVATE_BUCKET" != "$S3_BUCKET" || {
  echo "S3_PRIVATE_BUCKET must not be S3_BUCKET" >&2
  exit 1
}
mc mb --ignore-existing "store/$S3_BUCKET" "store/$S3_PRIVATE_BUCKET" "store/$BACKUP_BUCKET"
cat >/tmp/public-read.json <<JSON
{"Version": "2012-10-17", "Statement": [
  {"Effect": "Allow", "Principal": {"AWS": ["*"]}, "Action": ["s3:GetObject"], "Resource": ["arn:aws:s3:::$S3_BUCKET/*"]}]}
JSON
mc anonymous set-json /tmp/public-read.json "store/$S3_BUCKET"
mc anonymous set none "store/$S3_PRIVATE_BUCKET"
mc anonymous set none "store/$BACKUP_BUCKET"
# ListBucket lets the app tell a missing object (404) from a refused one (403).
cat >/tmp/app.json <<JSON
{"Version": "2012-10-17", "Statement": [
  {"Effect": "Allow", "Action": ["s3:ListBucket", "s3:GetBucketLocation"], "Resource": ["arn:aws:s3:::$S3_BUCKET", "arn:aws:s3:::$S3_PRIVATE_BUCKET"]},
  {"Effect": "Allow", "Action": ["s3:GetObject", "s3:PutObject", "s3:DeleteObject"], "Resource": ["arn:aws:s3:::$S3_BUCKET/*", "arn:aws:s3:::$S3_PRIVATE_BUCKET/*"]}]}
JSON
cat >/tmp/backup.json <<JSON
{"Version": "2012-10-17", "Statement": [
  {"Effect": "Allow", "Action": ["s3:ListBucket", "s3:GetBucketLocation"], "Resource": ["arn:aws:s3:::$BACKUP_BUCKET"]},
  {"Effect": "Allow", "Action": ["s3:GetObject", "s3:PutObject", "s3:DeleteObject"], "Resource": ["arn:aws:s3:::$BACKUP_BUCKET/*"]}]}
JSON
mc admin policy create store saathi-app /tmp/app.json
mc admin policy create store saathi-backup /tmp/backup.json
mc admin user add store "$S3_ACCESS_KEY_ID" "$S3_SECRET_ACCESS_KEY"
mc admin user add store "$BACKUP_ACCESS_KEY_ID" "$BACKUP_SECRET_ACCESS_KEY"
mc admin policy attach store saathi-app --user "$S3_ACCESS_KEY_ID" 2>/dev/null || mc admin user info store "$S3_ACCESS_KEY_ID" | grep -q saathi-app
mc admin policy attach store saathi-backup --user "$BACKUP_ACCESS_KEY_ID" 2>/dev/null || mc admin user info store "$BACKUP_ACCESS_KEY_ID" | grep -q saathi-backup
echo "buckets $S3_BUCKET, $S3_PRIVATE_BUCKET and $BACKUP_BUCKET ready"
