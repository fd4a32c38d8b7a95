#!/usr/bin/env bash
# Start (or check) a Slurm cluster on this one host, on loopback, for tfgpu's `slurm` tests.
#
#   sudo scripts/slurm_local.sh          # start munged, slurmctld and two slurmd; idempotent
#   sudo scripts/slurm_local.sh stop     # stop the daemons this script started
#
# Needs the Debian packages slurmctld, slurmd, slurm-client and munge (Slurm 22.05 on
# Debian 12).  The cluster: one controller and two nodes, `node1` and `node2`, both
# 127.0.0.1 (slurmd -N, one daemon per node name, each on its own port), 2 CPUs each
# (4 task slots in all, OverSubscribe=YES), partition `debug`.  No cgroups, no
# accounting database: proctrack/linuxproc, task/none, jobacct none, so it runs in a
# container without systemd.  Everything lives under $TFGPU_SLURM_DIR (default
# /var/lib/tfgpu-slurm); /etc/slurm/slurm.conf is written only when it is absent or
# was written by this script (first line).
set -euo pipefail
DIR=${TFGPU_SLURM_DIR:-/var/lib/tfgpu-slurm}
CONF=/etc/slurm/slurm.conf
MARK="# written by tfgpu scripts/slurm_local.sh"
NODES=(node1 node2)

stop() {
  for f in "$DIR"/run/*.pid; do
    [ -f "$f" ] || continue
    pid=$(cat "$f")
    if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then kill "$pid"; fi
    rm -f "$f"
  done
}

if [ "${1:-start}" = stop ]; then stop; exit 0; fi
[ "$(id -u)" = 0 ] || { echo "slurm_local.sh: run as root (it starts system daemons)" >&2; exit 2; }
for tool in munged slurmctld slurmd sinfo; do
  command -v "$tool" >/dev/null || {
    echo "slurm_local.sh: $tool not found; apt-get install -y slurmctld slurmd slurm-client munge" >&2
    exit 2; }
done

# The node names must resolve: srun steps name them in SLURM_STEP_NODELIST, and
# TensorFlow's SlurmClusterResolver turns them into worker addresses (node1:8888).
for n in "${NODES[@]}"; do
  getent hosts "$n" >/dev/null || echo "127.0.0.1 $n   # tfgpu scripts/slurm_local.sh" >>/etc/hosts
done

# Already answering?  Then nothing to do (idempotent).
if sinfo -h -o '%T' 2>/dev/null | grep -Eq '^(idle|mixed|allocated)'; then
  echo "slurm_local.sh: cluster already up:"; sinfo; exit 0
fi

mkdir -p "$DIR"/{run,log,state} "$DIR"/spool/{node1,node2} /etc/slurm /run/munge
# munge: a key, and the daemon
if [ ! -s /etc/munge/munge.key ]; then mungekey --create --keyfile=/etc/munge/munge.key; fi
chown munge:munge /etc/munge/munge.key 2>/dev/null || true
chmod 0400 /etc/munge/munge.key
chown munge:munge /run/munge 2>/dev/null || true
if ! munge -n </dev/null 2>/dev/null | unmunge >/dev/null 2>&1; then
  if id munge >/dev/null 2>&1; then
    runuser -u munge -- /usr/sbin/munged --force
  else
    /usr/sbin/munged --force
  fi
  for _ in $(seq 50); do munge -n </dev/null 2>/dev/null | unmunge >/dev/null 2>&1 && break; sleep 0.1; done
fi

if [ ! -f "$CONF" ] || head -1 "$CONF" | grep -qF "$MARK"; then
  cat >"$CONF" <<CONF
$MARK
ClusterName=tfgpu
SlurmctldHost=localhost(127.0.0.1)
SlurmctldPort=6817
SlurmdPort=6818
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
StateSaveLocation=$DIR/state
SlurmdSpoolDir=$DIR/spool/%n
SlurmctldPidFile=$DIR/run/slurmctld.pid
SlurmdPidFile=$DIR/run/slurmd-%n.pid
SlurmctldLogFile=$DIR/log/slurmctld.log
SlurmdLogFile=$DIR/log/slurmd-%n.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SwitchType=switch/none
MpiDefault=none
ReturnToService=2
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SlurmctldTimeout=30
SlurmdTimeout=30
InactiveLimit=0
KillWait=5
MinJobAge=300
NodeName=node1 NodeHostname=localhost NodeAddr=127.0.0.1 Port=17001 CPUs=2 State=UNKNOWN
NodeName=node2 NodeHostname=localhost NodeAddr=127.0.0.1 Port=17002 CPUs=2 State=UNKNOWN
PartitionName=debug Nodes=node1,node2 Default=YES MaxTime=INFINITE State=UP OverSubscribe=YES
CONF
fi

running() { [ -f "$1" ] && kill -0 "$(cat "$1")" 2>/dev/null; }
running "$DIR/run/slurmctld.pid" || slurmctld -i
for n in "${NODES[@]}"; do
  running "$DIR/run/slurmd-$n.pid" || slurmd -N "$n"
done
for _ in $(seq 60); do
  if [ "$(sinfo -h -o '%T' 2>/dev/null | grep -Ec '^(idle|mixed|allocated)')" -ge 1 ]; then
    for n in "${NODES[@]}"; do scontrol update NodeName="$n" State=RESUME >/dev/null 2>&1 || true; done
    echo "slurm_local.sh: cluster up:"; sinfo; exit 0
  fi
  sleep 0.5
done
echo "slurm_local.sh: the cluster did not come up; logs in $DIR/log:" >&2
tail -n 20 "$DIR"/log/*.log >&2 || true
exit 1
