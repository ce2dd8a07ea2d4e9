# Sourced by kafka.sh and cluster.sh: the SCRAM users a SASL broker's storage is formatted with. The broker
# itself, then @casino/kafka's PLATFORM_PRINCIPALS (admin, ledger, one per game service), which
# packages/kafka/src/security/scram-users.spec.ts checks this list against.
principals="broker admin ledger baccarat blackjack roulette studio-games"
